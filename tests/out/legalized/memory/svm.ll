define dllexport void @svm(i64 %arg0, i64 %arg1, <8 x i64> %arg2) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.svm.block.ld.v16i32.i64(i64 %arg0)
  %v1 = shl <16 x i32> %v0, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.svm.block.st.i64.v16i32(i64 %arg1, <16 x i32> %v1)
  %v3 = call <8 x float> @llvm.genx.svm.gather.v8f32.v8i1.v8i64.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <8 x i64> %arg2, <8 x float> undef)
  %v4 = fmul <8 x float> %v3, %v3
  call void @llvm.genx.svm.scatter.v8i1.v8i64.v8f32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <8 x i64> %arg2, <8 x float> %v4)
  ret void
}

declare <16 x i32> @llvm.genx.svm.block.ld.v16i32.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v16i32(i64, <16 x i32>)
declare <8 x float> @llvm.genx.svm.gather.v8f32.v8i1.v8i64.v8f32(<8 x i1>, i32, <8 x i64>, <8 x float>)
declare void @llvm.genx.svm.scatter.v8i1.v8i64.v8f32(<8 x i1>, i32, <8 x i64>, <8 x float>)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, <8 x i64>)* @svm, !"svm", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 64, i32 72, i32 96}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !""}
