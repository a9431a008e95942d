define dllexport void @simd_if_svm(i32 %arg0, i64 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v22 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v23 = zext <8 x i32> %v22 to <8 x i64>
  %v25 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v26 = zext <8 x i32> %v25 to <8 x i64>
  %v29 = shl <8 x i64> %v23, <i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2>
  %v32 = shl <8 x i64> %v26, <i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2>
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v34 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v36 = add <8 x i64> %v34, %v29
  %v37 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v36, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v38 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v40 = add <8 x i64> %v38, %v32
  %v41 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v37, <8 x i64> %v40, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v8 = icmp ne <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v9 = xor <16 x i1> %v8, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v10 = xor <16 x i1> %v9, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v11 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v10)
  %v12 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 0
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 1
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 2
  br i1 %v14, label %bb2, label %bb1
bb1:
  %v15 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v12, i32 0)
  call void @llvm.genx.svm.scatter.v16i1.v16i64.v16i32(<16 x i1> %v15, i32 0, <16 x i64> %v41, <16 x i32> %v2)
  %v17 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v12, i32 0)
  %v18 = call <16 x i32> @llvm.genx.svm.atomic.add.v16i32.v16i1.v16i64.v16i32.v16i32(<16 x i1> %v17, <16 x i64> %v41, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <16 x i32> undef)
  br label %bb2
bb2:
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v12, <16 x i1> %v13)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  %v21 = extractvalue { <32 x i1>, i1 } %v19, 1
  br label %bb3
bb3:
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i32> @llvm.genx.svm.atomic.add.v16i32.v16i1.v16i64.v16i32.v16i32(<16 x i1>, <16 x i64>, <16 x i32>, <16 x i32>)
declare void @llvm.genx.svm.scatter.v16i1.v16i64.v16i32(<16 x i1>, i32, <16 x i64>, <16 x i32>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64)* @simd_if_svm, !"simd_if_svm", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 72}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"svmptr_t"}
