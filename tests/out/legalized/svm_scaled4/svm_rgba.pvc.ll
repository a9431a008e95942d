define dllexport void @svm_rgba(i64 %arg0, <16 x i64> %arg1) {
bb0:
  %v0 = call <64 x i32> @llvm.genx.svm.gather4.scaled.v64i32.i1.i16.i64.v16i64.v64i32(i1 true, i32 15, i16 0, i64 %arg0, <16 x i64> %arg1, <64 x i32> undef)
  %v1 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v0, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v2 = xor <32 x i32> %v1, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  call void @llvm.genx.svm.scatter4.scaled.i1.i16.i64.v16i64.v32i32(i1 true, i32 12, i16 0, i64 %arg0, <16 x i64> %arg1, <32 x i32> %v2)
  ret void
}

declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.svm.gather4.scaled.v64i32.i1.i16.i64.v16i64.v64i32(i1, i32, i16, i64, <16 x i64>, <64 x i32>)
declare void @llvm.genx.svm.scatter4.scaled.i1.i16.i64.v16i64.v32i32(i1, i32, i16, i64, <16 x i64>, <32 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i64>)* @svm_rgba, !"svm_rgba", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
