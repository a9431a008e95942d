define dllexport void @simd_if_source(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v18 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v19 = icmp sgt <8 x i32> %v18, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v20 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> undef, <8 x i1> %v19, i32 0)
  %v21 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v22 = icmp sgt <8 x i32> %v21, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v23 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> %v20, <8 x i1> %v22, i32 8)
  %v5 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v23)
  %v6 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v5, 0
  %v7 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v5, 1
  %v8 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v5, 2
  br i1 %v8, label %bb2, label %bb1
bb1:
  %v11 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v6, i32 0)
  %v24 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v25 = shl <8 x i32> %v24, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v26 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v11, i32 0)
  %v27 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32> %v2, <8 x i32> %v25, i32 0, i32 8, i32 2, i16 0, i32 undef, <8 x i1> %v26)
  %v28 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v27, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v29 = shl <8 x i32> %v28, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v30 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v11, i32 8)
  %v31 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32> %v27, <8 x i32> %v29, i32 0, i32 8, i32 2, i16 64, i32 undef, <8 x i1> %v30)
  br label %bb2
bb2:
  %v13 = phi <32 x i32> [ %v2, %bb0 ], [ %v31, %bb1 ]
  %v14 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v6, <16 x i1> %v7)
  %v15 = extractvalue { <32 x i1>, i1 } %v14, 0
  %v16 = extractvalue { <32 x i1>, i1 } %v14, 1
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v13)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_if_source, !"simd_if_source", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
