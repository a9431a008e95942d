define dllexport void @simd_if_lsc(i32 %arg0, i64 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = zext <16 x i32> %v2 to <16 x i64>
  %v4 = shl <16 x i64> %v3, <i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2, i64 2>
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = add <16 x i64> %v6, %v4
  %v8 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v9 = xor <16 x i1> %v8, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v10 = xor <16 x i1> %v9, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v11 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v10)
  %v12 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 0
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 1
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v11, 2
  br i1 %v14, label %bb2, label %bb1
bb1:
  %v15 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v12, i32 0)
  %v16 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> %v15, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v7, i32 0)
  %v17 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v12, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> %v17, i8 4, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v7, <16 x i32> %v16, i32 0)
  %v19 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v12, i32 0)
  %v20 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> %v19, i8 8, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v7, <16 x i32> undef, <16 x i32> undef, i32 0, <16 x i32> undef)
  br label %bb2
bb2:
  %v21 = phi <16 x i32> [ %v2, %bb0 ], [ %v16, %bb1 ]
  %v22 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v12, <16 x i1> %v13)
  %v23 = extractvalue { <32 x i1>, i1 } %v22, 0
  %v24 = extractvalue { <32 x i1>, i1 } %v22, 1
  br label %bb3
bb3:
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v21)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64)* @simd_if_lsc, !"simd_if_lsc", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 136}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"svmptr_t"}
